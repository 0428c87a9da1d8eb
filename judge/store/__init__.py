"""Storage: the database models, engine set-up, migrations and small repositories.

The service layer reads and writes games through these modules; nothing outside
`judge/store` needs to write raw SQL.
"""
