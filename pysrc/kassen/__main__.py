"""``python -m kassen``: the command line."""

from kassen.cli import main

raise SystemExit(main())
