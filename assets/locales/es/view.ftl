# view texts (es)
