"""What leaves the app: roster files, PDF cards, share codes and QR, plain text."""
