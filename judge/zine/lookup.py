"""Which `VariantView` shows which variant: one table, by the view the variant declares.

A variant names its view in `Variant.view`; the page never asks which class the
variant is. A name the table does not know gets standard's plain view.
"""

from __future__ import annotations

from judge.variants.base import Variant
from judge.zine.intimate_view import IntimateView
from judge.zine.taskdip_view import TaskdipView
from judge.zine.views import VariantView

VIEWS: dict[str, type[VariantView]] = {
    "standard": VariantView,
    "intimate": IntimateView,
    "taskdip": TaskdipView,
}


def view_for(variant: Variant) -> VariantView:
    """The view the variant declares; standard's plain view for an unknown name."""
    return VIEWS.get(variant.view, VariantView)()
