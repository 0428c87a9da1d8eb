"""The zine page of a standard game played by mail: one file, in order, escaped, public."""

from __future__ import annotations

import re

from support.service.harness import JudgeHarness
from support.zine.pages import external_references, image_sources, maps, phase_ids, text_of
from support.zine.standard_game import SCRIPT_PRESS, SECRET_PRESS, STANDARD_PHASES, PageOf


def test_the_page_is_one_file_with_nothing_to_fetch(standard_game: str, page_of: PageOf) -> None:
    page = page_of(standard_game)
    assert page.startswith("<!DOCTYPE html>")
    assert external_references(page) == []
    assert all(source.startswith("data:image/png;base64,") for source in image_sources(page))
    links = re.findall(r'href="([^"]*)"', page)
    assert links and all(link.startswith("#") for link in links)
    assert "<link" not in page and "<script" not in page


def test_every_processed_phase_has_a_section_in_playing_order(
    standard_game: str, page_of: PageOf
) -> None:
    page = page_of(standard_game)
    assert phase_ids(page) == list(STANDARD_PHASES)
    headings = [page.index(f">{text} <span") for text in (
        "Spring 1901: Movement", "Fall 1901: Movement", "Fall 1901: Retreat",
        "Winter 1901: Adjustment", "Spring 1902: Movement",
    )]
    assert headings == sorted(headings)


def test_the_contents_list_each_year_and_its_phases(standard_game: str, page_of: PageOf) -> None:
    page = page_of(standard_game)
    contents = page[page.index('<nav class="contents"'):page.index("</nav>")]
    assert '<a class="year" href="#y1901">1901</a>' in contents
    assert '<a class="year" href="#y1902">1902</a>' in contents
    for phase in STANDARD_PHASES:
        assert f'href="#{phase}"' in contents
    assert 'id="y1901"' in page and 'id="y1902"' in page


def test_results_lines_are_those_of_the_results_mail_with_failure_markers(
    standard_game: str, page_of: PageOf
) -> None:
    page = page_of(standard_game)
    assert "Italy:</span> Army Tyrolia SUPPORT Army Burgundy -&gt; Munich." in page
    assert (
        'Germany:</span> Army Munich HOLD.  <span class="fail">(*dislodged*)</span>' in page
    )
    assert "The Army in Munich can retreat to Berlin, Bohemia, Kiel, Ruhr or Silesia." in page
    assert "Germany:</span> Army Munich -&gt; Ruhr." in page
    assert "France:</span> Builds a fleet in Brest." in page


def test_the_centre_ownership_and_adjustments_follow_the_fall(
    standard_game: str, page_of: PageOf
) -> None:
    page = page_of(standard_game)
    retreat = page[page.index('id="F1901R"'):page.index('id="W1901A"')]
    assert "<th>France</th><td>Brest, Marseilles, Munich, Paris, Portugal, Spain</td>" in retreat
    assert "<td>France</td><td class=\"n\">6</td><td class=\"n\">3</td>" in retreat


def test_press_that_looks_like_html_is_shown_as_text(standard_game: str, page_of: PageOf) -> None:
    page = page_of(standard_game)
    assert SCRIPT_PRESS not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;b&gt;hello&lt;/b&gt;" in page  # the subject, too


def test_private_press_never_appears(standard_game: str, page_of: PageOf) -> None:
    page = page_of(standard_game)
    assert SECRET_PRESS not in page
    assert "SECRET-7731" not in page and "split Belgium" not in page


def test_public_press_sits_in_the_phase_it_was_sent_in(
    standard_game: str, page_of: PageOf
) -> None:
    page = page_of(standard_game)
    spring = page[page.index('id="S1901M"'):page.index('id="F1901M"')]
    fall = page[page.index('id="F1901M"'):page.index('id="F1901R"')]
    assert "alert(1)" in spring and "Munich will fall — déjà vu." in fall
    assert spring.index("alert(1)") < spring.index("Movement results for Spring of 1901.")
    opening = page[page.index('id="opening"'):page.index('id="y1901"')]
    assert "Welcome to the g1 zine." in opening and "Broadcast from Master" in opening


def test_every_image_is_a_decodable_png_map(standard_game: str, page_of: PageOf) -> None:
    page = page_of(standard_game)
    images = maps(page)
    assert len(images) == len(STANDARD_PHASES)
    for image in images:
        assert image.size == (1000, 850)
        assert len(image.getcolors(maxcolors=1 << 16) or ()) != 1


def test_the_standings_show_centres_per_power_while_the_game_goes_on(
    standard_game: str, page_of: PageOf
) -> None:
    page = page_of(standard_game)
    standings = page[page.index('id="standings"'):]
    assert "The game goes on." in standings
    assert "On the board of Fall 1902: Movement" in standings
    rows = re.findall(r'<tr><td>(\w+)</td><td class="n">(\d+)</td>', standings)
    assert rows[0] == ("France", "6")
    assert sum(int(n) for _, n in rows) == 28  # 34 centres, 6 still unowned


def test_a_game_that_has_not_started_gets_a_page_saying_so(
    judge: JudgeHarness, page_of: PageOf
) -> None:
    judge.reply("gm@example.org", "CREATE g2 gmpass standard")
    page = text_of(page_of("g2"))
    assert "No phase has been played yet." in page
    assert phase_ids(page) == [] and maps(page_of("g2")) == []


def test_a_terminated_game_says_how_it_ended_without_the_mail_header(
    judge: JudgeHarness, page_of: PageOf
) -> None:
    judge.start_game()
    judge.play_phase()
    judge.reply("gm@example.org", "SIGNON Mg1 gmpass\nTERMINATE")
    page = text_of(page_of("g1"))
    standings = page[page.index('id="standings"'):]
    assert "Final standings" in standings
    assert "The game master has terminated game &#39;g1&#39;." in standings
    assert "The game ended without a winner." in standings
    assert ":: Judge" not in page
