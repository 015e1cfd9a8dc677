"""Pirates, Planks & Pesetas engine tests."""
