# view texts (ko)
