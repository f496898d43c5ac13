// The Orbita Telekom design system. Imported once by components/layout/Header.tsx (every page with the
// main layout); a bare page can import this module itself.
import './tokens.css';
import './base.css';
import './controls.css';
import './layout.css';
import './shop.css';
