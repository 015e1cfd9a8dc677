"""Pirate Game Night: five pirate tabletop games on one computer."""
__version__ = "0.1.0"
APP_NAME = "Pirate Game Night"
APP_SLUG = "PirateGameNight"
