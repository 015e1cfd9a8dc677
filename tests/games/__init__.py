"""Tests of the five games."""
