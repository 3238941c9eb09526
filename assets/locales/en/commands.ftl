# commands texts (en)
