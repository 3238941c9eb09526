# picture texts (ko)
