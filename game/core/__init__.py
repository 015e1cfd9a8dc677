"""Pure-Python core shared by every game: protocol, match runner, saves, bots. No pygame here."""
