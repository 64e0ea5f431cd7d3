declare const __BASE_PATH__: string
