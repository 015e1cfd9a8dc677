"""Playa Pirata engine tests."""
