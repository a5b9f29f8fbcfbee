"""The static site's play apps on a phone held upright (issue 23): the same narrow tables as under
``make app``, measured in the page (words of at least 11 px, targets and controls of at least 44 px,
the drawing made for the width it is shown in and shown at scale 1, nothing scrolling sideways) and
played by tapping, with Python running in the visitor's browser. ``tests/browser/test_<game>_phone.py``
measures the same apps under ``make app``; ``tests/browser/test_table_width.py`` the width the table
reports in a page laid out like this site's (more margin than Voila's, a table laid out late).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import PHONES, assert_phone_ready
from tests.browser.phone_support import DRAWN_WITHIN_A_STEP_JS, WIDTHS_JS
from tests.site.conftest import SitePage
from tests.site.test_site_pages import TARGETS, play_moves

APPS = ("stars/play.ipynb", "temples/play.ipynb", "sunmoon/play.ipynb", "mtg/tracker.ipynb")


@pytest.fixture
def phone_page(site_browser, site_server):
    page = SitePage(
        site_browser, site_server, viewport=PHONES["390x844"], is_mobile=True, has_touch=True, device_scale_factor=2
    )
    yield page
    page.close()


def assert_drawn_for_its_width(page, when: str) -> dict:
    """Wait until the table is narrow and its drawing is made for the width it is shown in (the
    kernel, in the browser's Python, redraws for the width the page reports): at scale 1, never wider
    than the table, at most SCREEN_STEP narrower (a width first measured while the page settled, as
    the class server's message limit allows); fail saying the widths."""
    try:
        page.wait_for_function(DRAWN_WITHIN_A_STEP_JS, timeout=60_000)
    except PlaywrightTimeout:
        pytest.fail(f"{when}: the drawing is not made for the width it is shown in: {page.evaluate(WIDTHS_JS)}")
    return page.evaluate(WIDTHS_JS)


@pytest.mark.parametrize("notebook", APPS)
def test_a_play_app_on_the_site_is_laid_out_for_a_phone_and_played_by_tapping(phone_page, pages, notebook):
    page = phone_page.open(pages["live"][notebook], wait_for=TARGETS)
    phone_page.play_a_game()
    page.wait_for_selector(".dn-table[data-screen='narrow']")
    widths = assert_drawn_for_its_width(page, "opened")
    assert widths["viewBox"] < 390, f"a drawing wider than the table on a phone: {widths}"
    before = assert_phone_ready(page)
    assert all(d["viewBox"] < 390 for d in before["drawings"]), f"a wide drawing on a phone: {before['drawings']}"
    assert len(play_moves(page, 2, seed=notebook, tap=True)) == 2
    assert_drawn_for_its_width(page, "after two moves")
    assert_phone_ready(page)
    phone_page.assert_clean()
