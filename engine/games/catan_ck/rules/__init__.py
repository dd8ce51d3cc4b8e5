"""Cities & Knights rules (cities_and_knights.md), one module per topic: ``setup`` (§3), ``turn`` (§4.1), ``dice`` (the roll,
production, the Aqueduct: §4.1, §5.1, §6.4), ``robber`` (§5.2, §5.3), ``build`` (§2.10, §9.1),
``knights`` (§7), ``improvements`` (§6), ``barbarians`` (§8), ``trade`` (§4.5), ``progress`` (draws, the
hand limit, plays: §4.3-§4.6), ``scoring`` (§2.11, §9.5), ``hand`` (paying and stealing cards) and
``dispatch`` (the tables that route an action to its handler)."""
