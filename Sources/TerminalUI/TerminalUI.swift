import ListCore
