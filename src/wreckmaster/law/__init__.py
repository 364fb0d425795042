"""The law engine: pure functions and data, no CLI, web or database imports."""
