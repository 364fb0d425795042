"""Commands beyond `assess`, one module each; each defines `register(app)`."""
