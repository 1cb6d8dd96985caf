"""The Table page: a class at one table (see `page`)."""
