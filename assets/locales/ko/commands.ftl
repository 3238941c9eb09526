# commands texts (ko)
