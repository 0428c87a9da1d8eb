"""Tests of the database layer: migrations, models, repositories, state JSON."""
