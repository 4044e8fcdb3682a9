"""Playing games: the one match driver, the bot protocol and registry, simulations."""
