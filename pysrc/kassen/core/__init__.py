"""The ruleset-agnostic core: randomness, events, problems, options, records, links, driver."""
