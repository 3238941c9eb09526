# picture texts (es)
