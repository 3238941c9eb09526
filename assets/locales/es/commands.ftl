# commands texts (es)
