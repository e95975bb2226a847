"""The web table: a FastAPI server (``app``), its pages (``pages``, ``templates/``, ``static/``) and card faces."""
