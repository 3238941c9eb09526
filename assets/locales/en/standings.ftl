# standings texts (en)
