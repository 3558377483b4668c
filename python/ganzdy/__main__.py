import sys

from ganzdy.cli import main

sys.exit(main())
