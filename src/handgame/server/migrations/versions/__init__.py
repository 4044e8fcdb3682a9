"""The migrations, one module a revision, in order (``down_revision``)."""
