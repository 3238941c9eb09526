# picture texts (en)
