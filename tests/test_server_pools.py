"""The class server's kernel pools of the apps in another language (issue 22): without a server
(``tests/browser/test_security.py`` checks that a served app takes a preheated kernel)."""

from daynight.server.apps import app_notebooks, kernel_pools, learning_notebooks
from tests.conftest import NOTEBOOKS

ZH_APP = "sunmoon/play.zh-TW.ipynb"


def test_the_zh_tw_app_is_pooled_as_an_app():
    """``sunmoon/play.zh-TW.ipynb`` gets an app's pool (the size ``play.ipynb`` gets, warmed with
    the apps, not after them), and is no learning page."""
    assert (NOTEBOOKS / ZH_APP).is_file()
    assert ZH_APP in app_notebooks(NOTEBOOKS) and ZH_APP not in learning_notebooks(NOTEBOOKS)
    pools = kernel_pools(NOTEBOOKS, pool_size=3, learning_size=2)
    assert pools[ZH_APP] == pools["sunmoon/play.ipynb"] == {"pool_size": 3}
    assert kernel_pools(NOTEBOOKS, pool_size=0)[ZH_APP] == {"pool_size": 0}


def test_an_app_in_any_language_is_an_app_and_nothing_else_is(tmp_path):
    for rel in ("index.ipynb", "g/play.ipynb", "g/play.zh-TW.ipynb", "g/play.fr.ipynb", "g/charts.ipynb",
                "g/playground.ipynb", "g/deeper/play.zh-TW.ipynb", "g/rules.ipynb", "g/.ipynb_checkpoints/play.x.ipynb"):  # fmt: skip
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}")
    assert app_notebooks(tmp_path) == ["index.ipynb", "g/play.fr.ipynb", "g/play.ipynb", "g/play.zh-TW.ipynb"]
    assert learning_notebooks(tmp_path) == ["g/rules.ipynb"]
