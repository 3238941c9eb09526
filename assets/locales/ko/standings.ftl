# standings texts (ko)
