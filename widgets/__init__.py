"""ipywidgets views over the daynight engines (``pip install daynight[notebooks]``).

The sources live in the top-level ``widgets/`` folder and are installed as
``daynight.widgets``. Each view is a thin layer: the engine decides, the widget shows the
engine's state, its explained log and, for a refused click, the engine's reason.
"""
