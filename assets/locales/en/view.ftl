# view texts (en)
