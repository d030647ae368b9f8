"""Replay files (issue 16): a battle as one self-contained HTML file (``file``), its steps stored
as patches and packed (``steps``), the viewer's ES modules bundled into one script (``bundle``,
``jslex``). The page's API and the command line call it; it imports nothing from them."""
