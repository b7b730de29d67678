"""Bot programs that the tests run in their own process."""
