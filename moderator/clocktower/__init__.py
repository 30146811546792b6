"""Blood on the Clocktower: the grimoire, the rules, the engine and its front ends."""
