"""``python -m younuo``: the ``younuo`` command line."""

from younuo.cli import main

if __name__ == "__main__":
    main()
