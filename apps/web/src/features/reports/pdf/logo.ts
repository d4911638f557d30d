/** The site's logo (`/logo.svg`) as a PNG data URL for the PDF, drawn through a canvas; null when it cannot load. */
export async function fetchLogoPng(url = '/logo.svg', size = 128): Promise<string | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const svg = await response.blob();
    const objectUrl = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    try {
      const image = new Image(size, size);
      image.src = objectUrl;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.drawImage(image, 0, 0, size, size);
      return canvas.toDataURL('image/png');
    } finally {
      URL.revokeObjectURL(objectUrl);
    }
  } catch {
    return null;
  }
}
