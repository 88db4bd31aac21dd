"""El Grande (base game): board and card data, options, state, decide/evolve, views, descriptions."""
