"""El Caballero."""
