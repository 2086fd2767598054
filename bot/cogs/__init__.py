"""One feature per module."""
