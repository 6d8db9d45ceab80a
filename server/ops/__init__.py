"""Operations: the private redis-server, metrics, logs, the drain on shutdown and the HTTP
guard. The bottom of the server: it imports nothing of the server but ``settings``."""
