// runtime placeholder
