export const pages = {
  notFound: {
    title: 'Page Not Found',
    description: 'The page you are looking for does not exist.',
    home: 'Go back home',
  },
} as const;
