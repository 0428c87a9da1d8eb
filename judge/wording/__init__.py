"""What the judge writes: the Jinja2 templates of every mail, the reader each mail is
rendered for (language, time zone), and the description of orders and results.
"""
