"""Start Pirate Game Night: `python main.py` (flags: --smoke, --game ID, --seed N, --lang it|en)."""
import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the bot worker process inside the PyInstaller executable
    from game.app import main

    sys.exit(main())
