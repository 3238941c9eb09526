# standings texts (es)
