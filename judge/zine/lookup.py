"""Which `VariantView` shows which variant: one table, by variant class."""

from __future__ import annotations

from judge.variants.base import Variant
from judge.variants.intimate import IntimateVariant
from judge.variants.taskdip import TaskdipVariant
from judge.zine.intimate_view import IntimateView
from judge.zine.taskdip_view import TaskdipView
from judge.zine.views import VariantView

VIEWS: tuple[tuple[type[Variant], type[VariantView]], ...] = (
    (IntimateVariant, IntimateView),
    (TaskdipVariant, TaskdipView),
)


def view_for(variant: Variant) -> VariantView:
    """The view of the variant's family; standard's plain view for any other."""
    for variant_class, view in VIEWS:
        if isinstance(variant, variant_class):
            return view()
    return VariantView()
