"""The service's limits: the hourly limit per sender: one verdict for the SMTP intake
and the processor, and the mail declined past it."""
