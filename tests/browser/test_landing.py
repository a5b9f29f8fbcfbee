"""The landing page renders in Voila, in a real browser, with no error output."""

import urllib.request


def test_root_redirects_to_landing_page(voila):
    with urllib.request.urlopen(voila.url + "/", timeout=30) as response:
        assert response.url.endswith("/voila/render/index.ipynb")


def test_landing_page_renders(app):
    page = app.open("index.ipynb", wait_for="text=The four games")
    assert page.get_by_role("heading", name="Day & Night: four games, one package").is_visible()
    # the code cell ran in the kernel: its printed output is on the page, its source is not
    body = page.inner_text("body")
    assert "stars    Day & Night (Piatnik 2021)" in body
    assert "import daynight" not in body, "sources must be stripped in the served app"
    for game in ("stars", "temples", "mtg", "sunmoon"):
        assert page.locator(f"a[href^='{game}/']").count() >= 3, f"links to the {game} notebooks"
    app.assert_clean()
