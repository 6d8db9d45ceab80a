"""The analysis worker and the storage of analyses (issue 19); see ``store`` and
``worker``, and ``python -m server.analysis``."""
