"""Social: accounts, sessions and the sign-in throttle, chat, invites to private tables,
the ranked queue and ratings, practice tables and the table quota, each with its Redis
keys and scripts, and the ``SocialHub`` that runs them on a node. It uses ``tables``;
it never imports ``web``."""
