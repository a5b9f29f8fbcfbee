"""The static site's play apps on a phone held upright (issue 23): the same narrow tables as under
``make app``, measured in the page (words of at least 11 px, targets and controls of at least 44 px,
the drawing at scale 1, nothing scrolling sideways) and played by tapping, with Python running in
the visitor's browser. ``tests/browser/test_<game>_phone.py`` measures the same apps under ``make app``.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONES, assert_phone_ready
from tests.site.conftest import SitePage
from tests.site.test_site_pages import TARGETS, play_moves

#: the table's drawing is at most a phone's width (the narrow arrangement, not the wide one shrunk)
NARROW_DRAWN_JS = """() => { const svg = document.querySelector('.dn-table .dn-drawing svg');
  return svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0 && svg.viewBox.baseVal.width <= 390; }"""
APPS = ("stars/play.ipynb", "temples/play.ipynb", "sunmoon/play.ipynb", "mtg/tracker.ipynb")


@pytest.fixture
def phone_page(site_browser, site_server):
    page = SitePage(
        site_browser, site_server, viewport=PHONES["390x844"], is_mobile=True, has_touch=True, device_scale_factor=2
    )
    yield page
    page.close()


@pytest.mark.parametrize("notebook", APPS)
def test_a_play_app_on_the_site_is_laid_out_for_a_phone_and_played_by_tapping(phone_page, pages, notebook):
    page = phone_page.open(pages["live"][notebook], wait_for=TARGETS)
    phone_page.play_a_game()
    page.wait_for_selector(".dn-table[data-screen='narrow']")
    page.wait_for_function(NARROW_DRAWN_JS, timeout=60_000)  # the kernel redrew the table for the phone
    before = assert_phone_ready(page)
    assert all(d["viewBox"] <= 390 for d in before["drawings"]), f"a wide drawing on a phone: {before['drawings']}"
    assert len(play_moves(page, 2, seed=notebook, tap=True)) == 2
    assert_phone_ready(page)
    phone_page.assert_clean()
